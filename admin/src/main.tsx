import { elsewhereForVisitor } from './session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element for the console');

// A guest (or someone without an admin role) is sent on before react-admin loads: the way to
// the sign-in costs the session check alone, not the whole console (docs/decisions/0055).
const elsewhere = elsewhereForVisitor();
if (elsewhere) window.location.replace(elsewhere);
else void import('./start').then(({ start }) => start(container));
