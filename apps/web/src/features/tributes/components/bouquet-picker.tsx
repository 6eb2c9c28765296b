import { BOUQUET_SIZE, BOUQUETS, bouquetPath } from '@rips/shared/tributes';
import classes from './tributes.module.css';

/** The bouquets to choose from, as radio buttons with their pictures (a member's or a guest's flower). */
export function BouquetPicker({
  value,
  onChoose,
}: {
  /** The chosen bouquet's id, or null when none is (an uploaded picture instead). */
  value: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className={classes.bouquets}>
      <legend className="visually-hidden">Choose a bouquet</legend>
      {BOUQUETS.map((b) => (
        <label key={b.id} className={classes.bouquet}>
          <input
            type="radio"
            name="bouquet"
            value={b.id}
            className={classes.radio}
            checked={value === b.id}
            onChange={() => onChoose(b.id)}
          />
          <img
            src={bouquetPath(b.id)}
            alt=""
            width={BOUQUET_SIZE}
            height={BOUQUET_SIZE}
            loading="lazy"
          />
          <span>{b.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
