export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MSG_CHECKSUM_PRESENT = 1 << 0;
export const MSG_MORE_TO_COME = 1 << 1;
export const MSG_EXHAUST_ALLOWED = 1 << 16;

export const HEADER_SIZE = 16;
export const MAX_MESSAGE_SIZE = 48_000_000;
