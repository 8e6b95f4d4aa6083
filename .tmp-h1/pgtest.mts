import { execSync } from 'node:child_process';
import { startPostgres } from '../test/support/postgres-server.ts';
const pg = await startPostgres();
console.log(execSync(`ps -eo pid,ppid,pgid,sid,stat,args | grep -E "postgres|runuser" | grep -v grep | grep ${pg.port} -A0 || true`).toString());
console.log(execSync(`ps -eo pid,ppid,pgid,sid,stat,args | grep -E "postgres:|runuser" | grep -v grep | head -20`).toString());
pg.freeze();
console.log(execSync(`ps -eo pid,ppid,pgid,sid,stat,args | grep -E "postgres" | grep -v grep | head -20; sleep 0`).toString());
pg.thaw();
await pg.stop();
