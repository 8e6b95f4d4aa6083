// Loaded with `node --import` into each `pchess` process of bench:mate-cold: prints the process's
// CPU time (user + system, start-up included) on stderr as it exits.
process.on('exit', () => {
  const u = process.cpuUsage();
  process.stderr.write(`\ncpu-ms ${((u.user + u.system) / 1000).toFixed(1)}\n`);
});
