import { z } from 'zod';
import type { Role } from './users.js';

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

export const TributeKindSchema = z.enum(['flower', 'prayer']);
export type TributeKind = z.infer<typeof TributeKindSchema>;

export interface Paged<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

export interface AdminUser {
  _id: string;
  userName: string;
  fullName: string;
  email: string;
  avatar: string | null;
  roles: Role;
  disabled: boolean;
  createdAt: string;
}

export interface AdminMemorial {
  _id: string;
  title: string;
  owner: { _id: string; fullName: string; userName: string };
  featured: boolean;
  featuredAt: string | null;
  createdAt: string;
}

export interface AdminTribute {
  _id: string;
  kind: TributeKind;
  /** The prayer's words, or null for a flower. */
  text: string | null;
  /** The flower's picture URL (or a bouquet name), or null for a prayer. */
  image: string | null;
  bouquet: string | null;
  memorial: { _id: string; title: string };
  author: { _id: string; fullName: string; userName: string };
  createdAt: string;
}
