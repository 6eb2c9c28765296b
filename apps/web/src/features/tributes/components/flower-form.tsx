import { Text } from '@mantine/core';
import { useState } from 'react';
import { BOUQUET_IDS, CreateFlowerFieldsSchema, FLOWER_REQUIRED } from '@rips/shared/tributes';
import { FileField, IMAGE_ACCEPT } from '@/components/file-field';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { optionalFile } from '@/lib/file-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';
import { flowerBody } from '../lib/tribute-bodies';
import { BouquetPicker } from './bouquet-picker';
import { TributeForm, type TributeFormProps } from './tribute-form';
import { UploadStatus } from './upload-status';

const FLOWERS = TRIBUTE_KINDS.flowers;

/** The server's rule: one of the shipped bouquets, or a picture of the visitor's own. */
const FlowerFormSchema = CreateFlowerFieldsSchema.extend({ flowerImg: optionalFile }).refine(
  (flower) => flower.bouquet !== undefined || flower.flowerImg !== null,
  { message: FLOWER_REQUIRED, path: ['flowerImg'] },
);

export function FlowerForm({ postId, onDone, onCancel }: TributeFormProps) {
  const form = useZodForm(FlowerFormSchema, {
    initialValues: { postId, bouquet: BOUQUET_IDS[0], flowerImg: null },
  });
  const [progress, setProgress] = useState(0);
  const mutation = useLeaveTribute('flowers');
  const file = form.values.flowerImg;

  const onSubmit = form.handleSubmit(
    ({ bouquet, flowerImg }) => {
      const body = flowerBody(postId, bouquet, flowerImg);
      setProgress(0);
      mutation.mutate(
        { postId, body, onProgress: flowerImg ? setProgress : undefined },
        {
          onSuccess: () => {
            form.notice.success(FLOWERS.success);
            onDone?.();
          },
          onError: (error) => {
            form.showServerErrors(error, { fileField: 'flowerImg' });
            form.notice.error(failureText(FLOWERS.failure, error));
          },
        },
      );
    },
    (errors) => {
      if (errors['flowerImg']) form.notice.error(FLOWER_REQUIRED);
    },
  );

  return (
    <TributeForm kind={FLOWERS} onSubmit={onSubmit} busy={mutation.isPending} onCancel={onCancel}>
      <BouquetPicker
        value={file ? null : (form.values.bouquet ?? null)}
        onChoose={(id) => form.setValues({ bouquet: id, flowerImg: null })}
      />
      <Text size="sm" c="dimmed" aria-hidden="true">
        Choose a bouquet above, or upload a picture of your own.
      </Text>
      <FileField
        label="Or upload a flower picture"
        accept={IMAGE_ACCEPT}
        placeholder="No picture chosen"
        clearLabel="Remove the picture"
        {...form.getInputProps('flowerImg')}
      />
      <UploadStatus picture={file} progress={mutation.isPending && file ? progress : null} />
    </TributeForm>
  );
}
