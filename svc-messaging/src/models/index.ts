import type { Connection } from 'mongoose';
import { defineDirectoryUserModel, type DirectoryUserModel } from './directory-user.js';

export interface MessagingModels {
  DirectoryUser: DirectoryUserModel;
}

export const createMessagingModels = (conn: Connection): MessagingModels => ({
  DirectoryUser: defineDirectoryUserModel(conn),
});
