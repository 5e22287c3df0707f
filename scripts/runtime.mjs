// The project runs on the Node it brings (the pinned `node-linux-*` packages in the root
// package.json, put first on the PATH by `pnpm run`; docs/decisions/0012). A script started
// with another Node stops here and says how to start it instead.
const REQUIRED_MAJOR = 24;

export function requireProjectRuntime(command) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return;
  console.error(
    `Yardly runs on Node ${REQUIRED_MAJOR}; this is Node ${process.versions.node}.\n` +
      `Start it as '${command}' after 'pnpm install': pnpm runs it on the Node the project installs.\n` +
      `(On a platform without a pinned Node package, install Node ${REQUIRED_MAJOR} yourself.)`,
  );
  process.exit(1);
}
