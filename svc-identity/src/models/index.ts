import type { Connection } from 'mongoose';
import { defineUserModel, type UserModel } from './user.js';

export interface IdentityModels {
  User: UserModel;
}

export const createIdentityModels = (conn: Connection): IdentityModels => ({
  User: defineUserModel(conn),
});
