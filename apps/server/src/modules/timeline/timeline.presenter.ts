import { momentDateText, type Charity, type Moment } from '@rips/shared/timeline';
import type { CharityRow, MomentRow } from './timeline.repository.js';

export function presentMoment(row: MomentRow, showAuthor: boolean): Moment {
  return {
    _id: row.id,
    postId: row.memorialId,
    year: row.year,
    month: row.month,
    day: row.day,
    dateText: momentDateText(row),
    title: row.title,
    text: row.text,
    place: row.place,
    status: row.status,
    suggestedBy: showAuthor && row.status === 'pending' ? row.authorName || null : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCharity(row: CharityRow): Charity {
  return {
    name: row.name,
    url: row.url,
    registeredNumber: row.registeredNumber,
    reason: row.reason,
  };
}
