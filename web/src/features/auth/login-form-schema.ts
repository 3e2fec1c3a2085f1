import * as z from 'zod/mini';
import { emailSchema } from '@giving/shared/contracts/accounts';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './messages';

/** Spec §5 "Login form": email required and valid; password required, at least 3; rememberMe (default false). */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, MESSAGES.requiredField), z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)),
  rememberMe: z.boolean(),
});

export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

export const loginDefaults: LoginFormInput = { email: '', password: '', rememberMe: false };

/** The sign-in code an administrator is asked for after their password: 6 to 8 digits. */
export const signInCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6,8}$/, 'Enter the code: 6 to 8 digits.')),
});
export type SignInCodeInput = z.input<typeof signInCodeSchema>;
export type SignInCodeValues = z.output<typeof signInCodeSchema>;
