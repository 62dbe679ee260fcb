/**
 * Sign-in, sign-up, change-of-password, password reset and email verification payloads and forms
 * (POST /api/login, POST /api/register, PUT /api/users/{id}/password, POST /api/auth/*).
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordMatchesEmail,
  passwordStrengthProblem,
  passwordUserInputs,
} from '../password';
import { currentPasswordSchema, required, textSchema, trimmed, userTypeSchema } from './fields';

/** POST /api/login (docs/product.md#validation). */
/** The 403 of a suspended account's login (`POST /api/login`; docs/decisions/029-operators-and-the-audit-log.md). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended. The email we sent you says why; reply to it if you think this is a mistake.';

export const loginSchema = z.object({
  email: z.email('Please enter a valid email address').max(254),
  password: textSchema.min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;
/**
 * A new password, wherever one is set (sign-up, change of password): 8 to 128 characters (OWASP ASVS 4.0
 * 2.1.1, 2.1.2). Its strength is checked after this schema: on the server by `checkNewPassword`
 * (src/server/auth/password-check.ts), in a form by `passwordStrengthProblem` (src/shared/password.ts).
 */
export const newPasswordSchema = textSchema
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);
/**
 * The strength check of a new password in a form (asynchronous, as the server's): `passwordStrengthProblem`
 * (src/shared/password.ts) with the user's own words, after the length and email checks of the schema.
 */
async function checkPasswordStrength(
  password: unknown,
  user: { email?: unknown; firstName?: unknown; lastName?: unknown },
  ctx: z.RefinementCtx,
  path: string,
) {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  if (typeof user.email === 'string' && passwordMatchesEmail(password, user.email)) return;
  // If the dictionaries cannot load (offline), the server's answer still carries the same message.
  const problem = await passwordStrengthProblem(password, passwordUserInputs(user)).catch(() => null);
  if (problem) ctx.addIssue({ code: 'custom', path: [path], message: problem });
}
const registerFields = z.object({
  firstName: required('First name', 80),
  lastName: required('Last name', 80),
  email: z.email('Please enter a valid email address').max(254),
  specialty: trimmed(120).optional().default(''),
  password: newPasswordSchema,
  acceptedTerms: z.literal(true, 'You must accept the terms and conditions to create an account'),
  userType: userTypeSchema.default('both'),
});
/** The password must not be the email or its local part (src/shared/password.ts). */
const passwordNotEmail = (form: { email: unknown; password: unknown }, ctx: z.RefinementCtx) => {
  if (typeof form.password === 'string' && typeof form.email === 'string' && passwordMatchesEmail(form.password, form.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.sameAsEmail });
  }
};
/**
 * POST /api/register: the registration fields without confirmPassword, plus userType (docs/product.md#validation, #api-calls).
 * The password's strength (zxcvbn, asynchronous) is checked by the server after this schema, with
 * `checkNewPassword` (src/server/auth/password-check.ts).
 */
export const registerSchema = registerFields.superRefine(passwordNotEmail);
export type RegisterInput = z.input<typeof registerSchema>;
/**
 * The Sign up dialog's form: the server payload plus confirmPassword, which is never sent (docs/product.md#validation),
 * and the password strength check the server makes. Asynchronous: parse with `parseAsync` (zodResolver does).
 */
export const registerFormSchema = registerFields
  .extend({
    confirmPassword: textSchema,
    acceptedTerms: z.boolean().refine((value) => value, 'You must accept the terms and conditions to create an account'),
  })
  .superRefine(passwordNotEmail)
  .superRefine((form, ctx) => checkPasswordStrength(form.password, form, ctx, 'password'))
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;
const changePasswordFields = z.object({
  currentPassword: currentPasswordSchema.min(1, 'Enter your current password'),
  newPassword: textSchema.min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(PASSWORD_MAX_LENGTH),
});
const newPasswordDiffers = (form: { currentPassword: string; newPassword: string }) => form.newPassword !== form.currentPassword;
const NEW_PASSWORD_SAME = { message: 'Choose a new password different from your current one', path: ['newPassword'] };
/**
 * PUT /api/users/{id}/password: the current password and a new one, which follows the sign-up rules
 * (src/shared/password.ts; its strength is checked by the server, as at sign-up) and differs from it.
 */
export const changePasswordSchema = changePasswordFields.refine(newPasswordDiffers, NEW_PASSWORD_SAME);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
/** The Change password form: the payload plus confirmPassword, which is never sent. */
export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: textSchema })
  .refine(newPasswordDiffers, NEW_PASSWORD_SAME)
  .refine((form) => form.newPassword === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** An emailed link's token (32 random bytes, base64url: 43 characters). */
export const accountTokenSchema = z
  .string('The link has no token')
  .trim()
  .min(1, 'The link has no token. Please open the link from the email again.')
  .max(200, 'This link is not valid.');
/** POST /api/auth/forgot-password: the email of the account whose password is forgotten. */
export const forgotPasswordSchema = z.object({ email: z.email('Please enter a valid email address').max(254) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
/** The answer of POST /api/auth/forgot-password (202), the same whether or not the email has an account. */
export const forgotPasswordResultSchema = z.object({ message: z.string() });
/** POST /api/auth/reset-password: the emailed link's token and a new password, which follows the sign-up rules. */
export const resetPasswordSchema = z.object({ token: accountTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
/**
 * The Reset password page's form: the new password twice (confirmPassword is never sent), with the
 * strength check the server makes. Asynchronous: parse with `parseAsync` (zodResolver does).
 */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: textSchema })
  .superRefine((form, ctx) => checkPasswordStrength(form.password, {}, ctx, 'password'))
  .refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
/** POST /api/auth/verify-email: the emailed link's token. */
export const verifyEmailSchema = z.object({ token: accountTokenSchema });
