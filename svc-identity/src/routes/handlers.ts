import type { ServiceHandlers } from '@forum/service-kit';

/** Some of the service's contract routes; app.ts checks that together they cover them all. */
export type IdentityHandlers = Partial<ServiceHandlers<'identity'>>;
