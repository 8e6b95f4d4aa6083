import { pino } from 'pino';
import { installProcessGuards } from '../../../server/src/process-guards.js';

/**
 * Fixture for process-guards.test.ts: installs the entry point's guards, then (argv[2]) lets a
 * promise reject unhandled or throws from a timer, and reports on stdout what happens next.
 */
const logger = pino({ level: 'info' });
installProcessGuards(logger, async () => {
  process.stdout.write('SHUTDOWN\n');
});
if (process.argv[2] === 'rejection') {
  void Promise.reject(new Error('nobody awaited this'));
  setTimeout(() => {
    process.stdout.write('ALIVE\n');
    process.exit(0);
  }, 200);
} else {
  setTimeout(() => {
    throw new Error('thrown from a timer');
  }, 10);
}
