import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum parameters.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password, options);

const dummyHash = hash('not-a-real-password', options);

/** Verifies a password; with no stored hash it still spends the same time, so timing tells nothing. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    if (!stored) {
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spec section 5: at least 5 characters with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.';

export function passwordMeetsRule(password: string): boolean {
  return password.length >= 5 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
}
