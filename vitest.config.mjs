// `npm run test:unit`: the unit projects of the contracts, the server and the web in one vitest run, so one start
// instead of three and both cores busy until the last file.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import serverConfig from './apps/server/vitest.config.ts';
import webConfig from './apps/web/vitest.config.ts';

/** The workspace's project named `unit`, with the workspace's config and root. */
function unitProject(workspace, config) {
  const unit = config.test.projects.find((project) => project.test?.name === 'unit');
  return {
    ...unit,
    extends: `./${workspace}/vitest.config.ts`,
    root: workspace,
    test: { ...unit.test, name: `${workspace}:unit` },
  };
}

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: ['packages/contracts', unitProject('apps/server', serverConfig), unitProject('apps/web', webConfig)],
  },
});
