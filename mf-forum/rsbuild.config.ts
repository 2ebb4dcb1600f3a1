import { defineRemoteConfig } from '@forum/build-config/remote';

export default defineRemoteConfig({
  name: 'forum',
  port: 3001,
  title: 'Forum — mf-forum (standalone)',
});
