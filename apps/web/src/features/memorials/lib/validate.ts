import { memorialDateErrors, TITLE_REQUIRED } from '@rips/shared/memorials';
import { toFormErrors, type FormErrors } from '@/lib/form-errors';
import {
  MEMORIAL_FIELDS,
  type MemorialField,
  type MemorialFormValues,
} from '../components/memorial-fields';

/** The same rules the server applies (name required, dates in order and not in the future). */
export function validateMemorial(values: MemorialFormValues): FormErrors<MemorialField> {
  const errors = toFormErrors(
    memorialDateErrors(values.dateOfBirth, values.deathDate),
    MEMORIAL_FIELDS,
  );
  if (!values.title.trim()) errors.title = TITLE_REQUIRED;
  return errors;
}
