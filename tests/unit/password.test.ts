/** Password length bounds (OWASP ASVS 4.0 2.1.1, 2.1.2) and the bounded strength estimation. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_ESTIMATE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordStrengthProblem } from '../../src/shared/password';
import { newPasswordSchema, registerFormSchema } from '../../src/shared/schemas/auth';

/** A strong-looking tail that zxcvbn scores high on its own. */
const STRONG = 'violet-harbor-quietly-87-lantern';

describe('new password length', () => {
  it('allows 8 to 128 characters (at least 64 must be allowed) and refuses more with a clear message', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(newPasswordSchema.safeParse('x'.repeat(64)).success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    const tooLong = newPasswordSchema.safeParse('x'.repeat(129));
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooLong);
    expect(newPasswordSchema.safeParse('x'.repeat(7)).error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('shows the same message in the Sign up form', async () => {
    const password = `${STRONG}-`.repeat(5).slice(0, 129);
    const form = await registerFormSchema.safeParseAsync({
      firstName: 'Maya',
      lastName: 'Patel',
      email: 'maya@example.test',
      password,
      confirmPassword: password,
      acceptedTerms: true,
    });
    expect(form.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: PASSWORD_MESSAGES.tooLong })]);
  });
});

describe('strength estimation', () => {
  it(`reads no more than the first ${PASSWORD_ESTIMATE_LENGTH} characters`, async () => {
    expect(await passwordStrengthProblem(STRONG, [])).toBeNull();
    // Weak in its first 100 characters: what follows is not read.
    expect(await passwordStrengthProblem(`${'a'.repeat(PASSWORD_ESTIMATE_LENGTH)}${STRONG}`, [])).not.toBeNull();
    expect(await passwordStrengthProblem(`${'a'.repeat(PASSWORD_ESTIMATE_LENGTH - STRONG.length)}${STRONG}`, [])).toBeNull();
  }, 60_000); // loading the dictionaries takes a few seconds on a busy machine
});
