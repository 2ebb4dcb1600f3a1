import { defineRemoteConfig } from '@forum/build-config/remote';

export default defineRemoteConfig({
  name: 'inbox',
  port: 3002,
  title: 'Forum — mf-inbox (standalone)',
});
