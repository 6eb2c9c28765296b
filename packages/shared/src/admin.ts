import { z } from 'zod';
import { ItemAbilitiesSchema, TRIBUTE_KIND_NAMES } from './tributes.js';
import { RoleSchema } from './users.js';

export const ADMIN_PAGE_SIZE = 20;

export const AdminUserQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AdminUserQuery = z.input<typeof AdminUserQuerySchema>;

export const AdminMemorialQuerySchema = AdminUserQuerySchema;
export type AdminMemorialQuery = z.input<typeof AdminMemorialQuerySchema>;

/** Moderation looks at recent tributes: pages stay shallow. */
export const AdminTributeQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AdminTributeQuery = z.input<typeof AdminTributeQuerySchema>;

export const IdParamsSchema = z.object({ id: z.string().max(100) });

/** Administrators grant or revoke the sponsor role; admins themselves are made by configuration or the CLI. */
export const SetSponsorSchema = z.object({ sponsor: z.boolean() });
export type SetSponsor = z.infer<typeof SetSponsorSchema>;

export const SetDisabledSchema = z.object({ disabled: z.boolean() });
export type SetDisabled = z.infer<typeof SetDisabledSchema>;

export const SetFeaturedSchema = z.object({ featured: z.boolean() });
export type SetFeatured = z.infer<typeof SetFeaturedSchema>;

export const TributeKindSchema = z.enum(TRIBUTE_KIND_NAMES);
export type TributeKind = z.infer<typeof TributeKindSchema>;

/** Admin lists page by number; the array is the body's `data.data` with the counts beside it. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
export interface Paged<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

export const AdminUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  roles: RoleSchema,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const AdminPersonSchema = z.object({ _id: z.string(), fullName: z.string(), userName: z.string() });

export const AdminMemorialSchema = z.object({
  _id: z.string(),
  title: z.string(),
  owner: AdminPersonSchema,
  featured: z.boolean(),
  featuredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMemorial = z.infer<typeof AdminMemorialSchema>;

export const AdminTributeSchema = z.object({
  _id: z.string(),
  kind: TributeKindSchema,
  /** The prayer's words, or null for a flower. */
  text: z.string().nullable(),
  /** The flower's picture URL (or a bouquet name), or null for a prayer. */
  image: z.string().nullable(),
  bouquet: z.string().nullable(),
  memorial: z.object({ _id: z.string(), title: z.string() }),
  /** A guest's tribute (decision 0103): no id or user name, and the name marked "(guest)". */
  author: z.object({
    _id: z.string().nullable(),
    fullName: z.string(),
    userName: z.string().nullable(),
  }),
  createdAt: z.string(),
  abilities: ItemAbilitiesSchema,
});
export type AdminTribute = z.infer<typeof AdminTributeSchema>;
