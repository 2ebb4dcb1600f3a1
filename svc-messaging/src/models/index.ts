import type { Connection } from 'mongoose';
import { defineDirectoryUserModel, type DirectoryUserModel } from '@forum/service-kit';
import { defineConversationModel, type ConversationModel } from './conversation.js';
import { defineMessageModel, type MessageModel } from './message.js';
import { defineMessageReportModel, type MessageReportModel } from './message-report.js';
import { defineNotificationModel, type NotificationModel } from './notification.js';
import {
  defineNotificationPreferenceModel,
  type NotificationPreferenceModel,
} from './notification-preference.js';
import { defineBlockModel, type BlockModel } from './block.js';

export interface MessagingModels {
  DirectoryUser: DirectoryUserModel;
  Conversation: ConversationModel;
  Message: MessageModel;
  MessageReport: MessageReportModel;
  Notification: NotificationModel;
  NotificationPreference: NotificationPreferenceModel;
  Block: BlockModel;
}

export const createMessagingModels = (conn: Connection): MessagingModels => ({
  DirectoryUser: defineDirectoryUserModel(conn),
  Conversation: defineConversationModel(conn),
  Message: defineMessageModel(conn),
  MessageReport: defineMessageReportModel(conn),
  Notification: defineNotificationModel(conn),
  NotificationPreference: defineNotificationPreferenceModel(conn),
  Block: defineBlockModel(conn),
});

/** Build every declared index (start-up and tests, before the first request). */
export async function initMessagingModels(models: MessagingModels): Promise<void> {
  await Promise.all(
    Object.values(models).map((model: { init(): Promise<unknown> }) => model.init()),
  );
}
