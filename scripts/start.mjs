// `npm start`: build once (skipped when up to date), then serve API and web on one port.
import { ensureBuild } from './lib.mjs';
import { spawnServer, withLocalDefaults } from './server-process.mjs';

ensureBuild();
const { env, notes } = withLocalDefaults(process.env);
for (const note of notes) console.log(note);
const server = spawnServer({ env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
