// pnpm passes no signal on to the script it runs: `kill -TERM` to `pnpm start` ends pnpm and
// leaves its script serving with the DATA_DIR lock. Orphaned (its parent gone), the script
// stops as if it had been sent SIGTERM itself.
export function stopWhenOrphaned(everyMs = 500) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, everyMs).unref();
}
