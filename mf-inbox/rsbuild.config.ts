import { defineRemoteConfig } from '../packages/build-config/remote';

export default defineRemoteConfig({
  name: 'inbox',
  port: 3002,
  title: 'Forum — mf-inbox (standalone)',
});
