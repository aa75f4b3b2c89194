import path from 'node:path';
import type { Command } from './commands.js';
import { demoEquipment } from '../demo/data.js';
import { fleetFor, generatedFleet } from '../../infra/local/simulator/fleet.js';
import { startSimulator } from '../../infra/local/simulator/simulator.js';

export const simulatorCommand: Command = {
  summary: 'run the built-in telemetry-service simulator on its own',
  help: `Usage: portal simulator [--port N] [--host H] [--devices N]

Serves the telemetry service's v3 API (GET /v3/device, POST /v3/telemetry/query) with simulated,
deterministic readings: the demo fleet tied to the demo equipment, or --devices N generated devices
(over equipment ids GEN-EQ-00001...). Clients authenticate with TELEMETRY_API_KEY, or the key
generated into DATA_DIR/simulator-key. Point a portal at it with TELEMETRY_BASE_URL and the same key.
Default port 3390, host 127.0.0.1.`,
  options: { port: { type: 'string' }, host: { type: 'string' }, devices: { type: 'string' } },
  demoDefaults: true,
  async run(config, values) {
    const port = Number(values.port ?? 3390);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error('--port must be a port number (0 to 65535)');
      return 1;
    }
    const count = values.devices === undefined ? undefined : Number(values.devices);
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 100_000)) {
      console.error('--devices must be a whole number from 1 to 100000');
      return 1;
    }
    const fleet =
      count === undefined
        ? fleetFor(demoEquipment.map((e) => e.id))
        : generatedFleet(count, Array.from({ length: Math.ceil(count / 4) }, (_, i) => `GEN-EQ-${String(i + 1).padStart(5, '0')}`));
    const sim = await startSimulator({ apiKey: config.telemetry.apiKey, fleet, port, host: typeof values.host === 'string' ? values.host : '127.0.0.1' });
    const keySource = process.env.TELEMETRY_API_KEY ? 'TELEMETRY_API_KEY' : path.join(config.dataDir, 'simulator-key');
    console.log(`Telemetry simulator (${fleet.length} devices) at ${sim.url}; bearer key from ${keySource}`);
    const stop = () => void sim.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    return -1;
  },
};
