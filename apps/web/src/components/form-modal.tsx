import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormModalProps extends Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size'> {
  children: ReactNode;
}

/**
 * A modal holding a form. The form is mounted only while the modal is open, so each opening
 * starts from the saved values, and a page with several such modals pays for none until used.
 */
export function FormModal({ opened, onClose, title, size = 'md', children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} radius="lg">
      {opened ? children : null}
    </Modal>
  );
}
