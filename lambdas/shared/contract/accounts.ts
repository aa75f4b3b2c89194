/**
 * The account calls' requests, answers and messages (spec sections 7 and 8), one definition for the
 * handlers that validate them and the web app that parses them.
 */
import * as z from '../platform/zod-parts.js';

/** POST /api/users/login/ */
const EmailField = () => z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320));

export const LoginBody = /* @__PURE__ */ (() => z.object({ email: EmailField(), password: z.string().check(z.maxLength(1024)) }))();
export const LoginReply = /* @__PURE__ */ (() => z.object({ token: z.string() }))();

/** POST /api/users/reset-password */
export const ResetRequestBody = /* @__PURE__ */ (() => z.object({ email: EmailField() }))();

/** POST /api/users/reset-password/verify and /api/users/user-registration/verify */
export const VerifyBody = /* @__PURE__ */ (() => z.object({
  email: EmailField(),
  code: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200)),
  newPassword: z.string().check(z.minLength(1, 'is required'), z.maxLength(1024)),
}))();

export const MessageReply = /* @__PURE__ */ (() => z.object({ message: z.string() }))();

/** Spec section 8 messages that the account calls send as { error } or { message }. */
export const accountMessages = {
  loginFailed: 'Invalid email or password',
  emailUnknown: 'Email does not exist in our system. Please try again.',
  resetSent: 'Password reset code has been sent to your email.',
  resetFailed: 'Invalid email or reset code. Please try again.',
  resetDone: 'Password has been reset. You can now log in with your new password.',
  registrationFailed: 'Invalid email or temporary password. Please try again.',
  registrationDone: 'Password has been set. You can now log in with your new password.',
  /** Beyond the spec: Cognito sends no reset code before the invitation's password is replaced. */
  registrationPending: 'Your account is not activated yet. Set your password with the temporary password from your invitation mail.',
  /** Beyond the spec: the right password of an account with an authenticator app, whose code this call cannot take. */
  mfaSignIn: 'This account signs in with a code from an authenticator app: log in on the portal\'s Log In page.',
} as const;

export type LoginBody = z.infer<typeof LoginBody>;
export type VerifyBody = z.infer<typeof VerifyBody>;
