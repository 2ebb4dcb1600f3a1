import { defineRemoteConfig } from '../packages/build-config/remote';

export default defineRemoteConfig({
  name: 'forum',
  port: 3001,
  title: 'Forum — mf-forum (standalone)',
});
