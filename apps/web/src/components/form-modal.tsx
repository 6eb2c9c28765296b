import { Modal, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { createFormGuard, FormGuardContext } from '@/lib/discard-changes';

/** A modal as the page that opens it controls it: whether it is open, and how it closes. */
export interface ModalControl {
  opened: boolean;
  onClose: () => void;
}

interface FormModalProps extends Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size'> {
  children: ReactNode;
}

/**
 * A modal holding a form. The form is mounted only while the modal is open, so each opening
 * starts from the saved values, and a page with several such modals pays for none until used.
 * Esc, a click outside and Cancel ask "Discard your changes?" when the form holds changes.
 */
export function FormModal({ opened, onClose, title, size = 'md', children }: FormModalProps) {
  const [guard] = useState(createFormGuard);
  return (
    <Modal
      opened={opened}
      onClose={() => guard.requestClose(onClose)}
      title={title}
      size={size}
      radius="lg"
    >
      <FormGuardContext.Provider value={guard}>
        {opened ? children : null}
      </FormGuardContext.Provider>
    </Modal>
  );
}
