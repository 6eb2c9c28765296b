import type { Legacy } from '@rips/shared/legacy';
import type { LegacyRecord } from './legacy.repository.js';

/** Who an entry is released to after the member's death, as stored. */
const marks = (entry: { release: Legacy['assets'][number]['release']; releaseTo: string[] }) => ({
  release: entry.release,
  releaseTo: entry.releaseTo,
});

/** Only ever sent to the legacy's owner: assets and beneficiaries are private. */
export function presentLegacy(record: LegacyRecord): Legacy {
  const { legacy } = record;
  return {
    _id: legacy.id,
    userId: legacy.userId,
    birthPlace: legacy.birthPlace,
    description: legacy.description,
    accomplishments: record.accomplishments.map((a) => ({
      description: a.description,
      from: a.from,
      to: a.to,
      beneficiaries: a.beneficiaries,
      ...marks(a),
    })),
    assets: record.assets.map((a) => ({
      item: a.item,
      description: a.description,
      value: a.value,
      beneficiaries: a.beneficiaries,
      ...marks(a),
    })),
    relationships: record.relationships.map((r) => ({
      name: r.name,
      lastName: r.lastName,
      relationship: r.relationship,
      ...marks(r),
    })),
    bucketlists: record.bucketList.map((b) => ({
      type: b.type,
      description: b.description,
      status: b.status,
      ...marks(b),
    })),
    aspirations: record.aspirations.map((a) => ({
      name: a.name,
      description: a.description,
      comment: a.comment,
      ...marks(a),
    })),
    createdAt: legacy.createdAt.toISOString(),
    updatedAt: legacy.updatedAt.toISOString(),
  };
}
