import { z } from 'zod';

export const LoginBody = z.object({ email: z.string().max(320), password: z.string().max(1024) });
export const LoginReply = z.object({ token: z.string() });
export const ResetRequestBody = z.object({ email: z.string().trim().toLowerCase().max(320) });
export const VerifyBody = z.object({
  email: z.string().trim().max(320),
  code: z.string().trim().min(1, 'is required').max(200),
  newPassword: z.string().min(1, 'is required').max(1024),
});
export const MessageReply = z.object({ message: z.string() });
export const ErrorReply = z.object({ error: z.string() });
export const PublicConfigReply = z.object({
  productName: z.string(),
  contactUrl: z.string(),
  staffDomains: z.array(z.string()),
  excludedCustomerDomains: z.array(z.string()),
});

/** Spec section 8 messages that the server sends as { error } or { message }. */
export const messages = {
  loginFailed: 'Invalid email or password',
  emailUnknown: 'Email does not exist in our system. Please try again.',
  resetSent: 'Password reset code has been sent to your email.',
  resetFailed: 'Invalid email or reset code. Please try again.',
  resetDone: 'Password has been reset. You can now log in with your new password.',
  registrationFailed: 'Invalid email or temporary password. Please try again.',
  registrationDone: 'Password has been set. You can now log in with your new password.',
} as const;
