// Child processes of a bench script, stopped whatever happens: at the end, on an error and on Ctrl-C.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const children = new Set();
const cleanups = [];
let stopping;

/** Starts `command` and remembers it, so `stopAll` (and Ctrl-C, or a crash) ends it. */
export function startChild(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `task` (e.g. dropping a database) after the children have stopped, once, at the end or on Ctrl-C. */
export function onCleanup(task) {
  cleanups.push(task);
}

/** Ends one child: SIGTERM (the server finishes what it has in hand), SIGKILL after `graceMs`. */
export function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every child still running, then runs the clean-up tasks (newest first). Safe to call twice. */
export function stopAll() {
  stopping ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(child)));
    for (const task of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(task)
        .catch((error) => console.error(`Clean-up failed: ${error.message}`));
    }
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers…`);
    stopAll().finally(() => process.exit(130));
  });
}
process.once('uncaughtException', (error) => {
  console.error(error);
  stopAll().finally(() => process.exit(1));
});
process.once('unhandledRejection', (error) => {
  console.error(error);
  stopAll().finally(() => process.exit(1));
});
// Last resort when the script exits some other way: no child outlives it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
