import { Types } from 'mongoose';

/** Contract-validated hex id -> ObjectId. */
export const oid = (id: string) => new Types.ObjectId(id);
