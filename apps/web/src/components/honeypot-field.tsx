import { GUEST_HONEYPOT_FIELD } from '@rips/shared/guest-words';

/**
 * The hidden field of a guest's form (the server's `refuseRobots`): hidden from people and from
 * assistive technology, out of the tab order, so only robots fill it in.
 */
export function HoneypotField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input
          type="text"
          name={GUEST_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </label>
    </div>
  );
}
