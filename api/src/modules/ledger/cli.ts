import { parseConfig, primaryDatabase } from '../../config';
import { openDatabase } from '../../db/connect';
import { checkLedger, ledgerIsSound } from './check';

/** `pnpm ledger:check`: proves the ledger balances (each transaction, each account); exits 1 when it does not. */
async function main() {
  const config = parseConfig();
  const database = await openDatabase(primaryDatabase(config));
  try {
    const report = await checkLedger(database.db);
    console.log(
      `ledger: ${report.transactions} transactions, ${report.entries} entries, ${report.accounts} accounts; ` +
        `${report.unbalanced.length} unbalanced, ${report.mismatched.length} balances differing from their entries, ` +
        `${report.negative.length} negative seller or rewards balances; all entries sum to ${report.total}`,
    );
    for (const problem of [...report.unbalanced, ...report.mismatched, ...report.negative]) console.log(problem);
    if (!ledgerIsSound(report)) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
