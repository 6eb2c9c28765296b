import { Stack, Text, TextInput } from '@mantine/core';
import { MEMORIAL_LIMITS } from '@rips/shared/memorials';
import { posterUnprintable } from '@rips/shared/poster';
import type { ZodForm } from '@/lib/use-zod-form';
import type { MemorialFormSchema } from '../lib/memorial-form';

/** A character as listed: a combining mark is shown on a dotted circle, as type specimens do. */
const shown = (char: string) => (/^\p{M}$/u.test(char) ? `\u25CC${char}` : char);

/**
 * What the printable poster will leave out of the name and the poster line, said before anything
 * is printed: the characters none of the poster's fonts has (Chinese, Japanese and Korean among
 * them; docs/decisions/0100-the-poster-prints-what-was-typed.md). Nothing when all of it prints.
 */
export function PosterPrintNote({ name, line }: { name: string; line: string }) {
  const fromLine = posterUnprintable(line);
  const fromName = posterUnprintable(name);
  return (
    <div aria-live="polite" data-poster-unprintable>
      {fromLine.length > 0 ? (
        <Text size="sm" c="orange.7">
          These characters will not print on the poster:{' '}
          <strong>
            <bdi>{fromLine.map(shown).join(' ')}</bdi>
          </strong>
        </Text>
      ) : null}
      {fromName.length > 0 ? (
        <Text size="sm" c="orange.7">
          These characters of the name will not print on the poster:{' '}
          <strong>
            <bdi>{fromName.map(shown).join(' ')}</bdi>
          </strong>
        </Text>
      ) : null}
    </div>
  );
}

/** The poster line, with what of it (and of the name) the poster cannot print said under it. */
export function PosterLineField({ form }: { form: ZodForm<typeof MemorialFormSchema> }) {
  return (
    <Stack gap={6}>
      <TextInput
        label="Poster line"
        description="One line printed under the name on the memorial's poster, such as a favourite saying"
        placeholder="Forever in our hearts"
        maxLength={MEMORIAL_LIMITS.posterLine}
        {...form.getInputProps('posterLine')}
      />
      <PosterPrintNote name={form.values.title} line={form.values.posterLine ?? ''} />
    </Stack>
  );
}
