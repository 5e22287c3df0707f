import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random string: checking against it costs what a real check costs, so an
// unknown email answers as slowly as a wrong password.
let dummy: Promise<string> | undefined;

/** True when `password` matches `stored`; with no stored hash, spends the same time and says false. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash(crypto.randomUUID());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
