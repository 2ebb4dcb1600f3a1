import { defineRemoteConfig } from '@forum/build-config/remote';

export default defineRemoteConfig({
  name: 'admin',
  port: 3003,
  title: 'Forum — mf-admin (standalone)',
});
