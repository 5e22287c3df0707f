import type { Config } from '../../config';
import { createBuiltinCarrier } from './builtin-carrier';
import type { Carrier } from './carrier';
import { createShippoCarrier } from './shippo-carrier';

/** The carrier labels are bought from: Shippo when its key is set (docs/decisions/0029), the built-in carrier otherwise. */
export function createCarrier(deps: { config: Config }): Carrier {
  if (deps.config.shippo) return createShippoCarrier(deps.config.shippo);
  return createBuiltinCarrier();
}
