import { z } from 'zod';
import { rule } from './errors';
import { PAGE_SIZE_MAX, SEARCH_MIN } from './limits';

/** Route ids for vacancies, applications and users are UUID v4 (spec §5). */
export const uuidV4Schema = z.uuidv4({ message: 'must be a UUID v4' });
export const idParamsSchema = z.object({ id: uuidV4Schema });

export const isoDateSchema = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const timeOfDaySchema = z
  .string()
  .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), rule('invalid_time', 'must be a time HH:MM'));

export const pagingSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
export type Paging = z.infer<typeof pagingSchema>;

/** An optional search text of an admin list: blank means none; otherwise SEARCH_MIN to max characters. */
export const searchTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .min(SEARCH_MIN, { message: `search must have at least ${SEARCH_MIN} characters` })
        .max(max)
        .optional(),
    );

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const okSchema = z.object({ ok: z.literal(true) });
export const idResultSchema = z.object({ id: uuidV4Schema });
