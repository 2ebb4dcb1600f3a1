import bcrypt from 'bcrypt';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares against a dummy hash when there is no user, so both cases cost the same time. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
}

export function createPasswordHasher(rounds: number): PasswordHasher {
  // Same cost as real hashes; made once, lazily, so start-up stays fast.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= bcrypt.hash('not-a-real-password-0', rounds));
  return {
    hash: (password) => bcrypt.hash(password, rounds),
    async verify(password, hash) {
      if (!hash) {
        await bcrypt.compare(password, await dummyHash());
        return false;
      }
      return bcrypt.compare(password, hash);
    },
  };
}
