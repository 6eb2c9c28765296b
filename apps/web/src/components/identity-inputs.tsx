import { TextInput, type TextInputProps } from '@mantine/core';

/*
 * The inputs that name a person, alike on every form: browsers fill them in, phones neither
 * capitalise nor "correct" them. Labels and rules may differ per form (props override).
 */

export function FullNameInput(props: TextInputProps) {
  return <TextInput label="Full Name" name="fullName" autoComplete="name" required {...props} />;
}

export function UserNameInput(props: TextInputProps) {
  return (
    <TextInput
      label="Username"
      name="userName"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
