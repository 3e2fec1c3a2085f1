import * as z from 'zod/mini';

/** A whole number typed as text: digits only (else `message`), then the API's own rule for the number. */
export const numberText = <Rule extends z.ZodMiniType<number, number>>(rule: Rule, message: string) =>
  z.pipe(
    z.string().check(z.trim(), z.regex(/^\d+$/, message)),
    z.pipe(
      z.transform((text: string) => Number(text)),
      rule,
    ),
  );
