import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Candle, CandleTally } from '@rips/shared/tributes';
import classes from './tributes.module.css';
import { countText } from '@/lib/count-text';

/** "1,204 candles lit", "1 candle lit". */
export function candlesLit(count: number): string {
  return `${countText(count)} ${count === 1 ? 'candle' : 'candles'} lit`;
}

/** "3 burning now", "None burning now". */
export function burningNow(count: number): string {
  return count === 0 ? 'None burning now' : `${countText(count)} burning now`;
}

/** How many burn now and how many were ever lit, above the list. */
export function CandleTallyLine({ tally }: { tally: CandleTally }) {
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Badge variant="light" color="yellow" size="lg" component="span">
        {burningNow(tally.burning)}
      </Badge>
      <Text fw={600}>{candlesLit(tally.litCount)}</Text>
    </Group>
  );
}

/** A small flame: burning, or a wisp of smoke once burned. Decorative. */
function Flame({ burning }: { burning: boolean }) {
  return (
    <svg width="20" height="32" viewBox="0 0 20 32" aria-hidden="true" focusable="false">
      {burning ? (
        <path d="M10 2c3 5 5 7 5 10a5 5 0 0 1-10 0c0-3 2-5 5-10z" fill="#e8a33d" />
      ) : (
        <path d="M10 12c-2-3 2-5 0-9" stroke="#9aa0a6" strokeWidth="1.5" fill="none" />
      )}
      <rect x="6" y="16" width="8" height="15" rx="1.5" fill="#efe6d2" stroke="#c9bfa8" />
    </svg>
  );
}

interface CandleListProps {
  items: Candle[];
  /** Who left it and when, Remove and Report: drawn as every other kind's. */
  footer: (candle: Candle) => ReactNode;
}

/** The candles on a memorial, newest first: who lit it, its words, and whether it burns now. */
export function CandleList({ items, footer }: CandleListProps) {
  return (
    <ul className={classes.list}>
      {items.map((candle) => (
        <li key={candle._id}>
          <Paper withBorder radius="md" p="md">
            <Group align="flex-start" gap="md" wrap="nowrap">
              <Flame burning={candle.burning} />
              <Stack gap="xs" style={{ minWidth: 0, flex: 1 }}>
                <Badge
                  variant="light"
                  color={candle.burning ? 'yellow' : 'gray'}
                  component="span"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {candle.burning ? 'Burning' : 'Burned'}
                </Badge>
                {candle.message ? (
                  <Text className={classes.prayerText}>{candle.message}</Text>
                ) : null}
                {footer(candle)}
              </Stack>
            </Group>
          </Paper>
        </li>
      ))}
    </ul>
  );
}

export default CandleList;
