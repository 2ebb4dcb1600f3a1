import type { Connection } from 'mongoose';
import { defineUserModel, type UserModel } from './user.js';
import { defineRefreshFamilyModel, type RefreshFamilyModel } from './refresh-family.js';
import { defineThrottleCounterModel, type ThrottleCounterModel } from './throttle-counter.js';
import { definePasswordResetModel, type PasswordResetModel } from './password-reset.js';
import { defineReferralModel, type ReferralModel } from './referral.js';
import { defineBadgeModel, type BadgeModel } from './badge.js';
import { defineCounterModel, type CounterModel } from './counter.js';
import { defineUserKeyModel, type UserKeyModel } from './user-key.js';
import { defineEmailVerificationModel, type EmailVerificationModel } from './email-verification.js';
import { defineBlockModel, type BlockModel } from './block.js';

export interface IdentityModels {
  User: UserModel;
  UserKey: UserKeyModel;
  RefreshFamily: RefreshFamilyModel;
  ThrottleCounter: ThrottleCounterModel;
  PasswordReset: PasswordResetModel;
  Referral: ReferralModel;
  Badge: BadgeModel;
  Counter: CounterModel;
  EmailVerification: EmailVerificationModel;
  Block: BlockModel;
}

export const createIdentityModels = (conn: Connection): IdentityModels => ({
  User: defineUserModel(conn),
  UserKey: defineUserKeyModel(conn),
  RefreshFamily: defineRefreshFamilyModel(conn),
  ThrottleCounter: defineThrottleCounterModel(conn),
  PasswordReset: definePasswordResetModel(conn),
  Referral: defineReferralModel(conn),
  Badge: defineBadgeModel(conn),
  Counter: defineCounterModel(conn),
  EmailVerification: defineEmailVerificationModel(conn),
  Block: defineBlockModel(conn),
});
