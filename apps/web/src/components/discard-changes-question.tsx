import { Button, Group, Modal, Text } from '@mantine/core';
import { answerDiscard } from '@/lib/discard-changes';

/** "Discard your changes?", asked for every form of the app (see lib/discard-changes). */
export default function DiscardChangesQuestion() {
  return (
    <Modal
      opened
      onClose={() => answerDiscard(false)}
      title="Discard your changes?"
      radius="lg"
      size="sm"
      zIndex={400}
      centered
    >
      <Text mb="lg">What you typed here has not been saved yet.</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => answerDiscard(true)}>
          Discard changes
        </Button>
        <Button onClick={() => answerDiscard(false)} data-autofocus>
          Keep editing
        </Button>
      </Group>
    </Modal>
  );
}
