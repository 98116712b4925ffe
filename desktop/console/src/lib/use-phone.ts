import { useMediaQuery } from '@mantine/hooks';

/** Whether the console is on a phone-sized screen (below Mantine's `sm`, 48em): pages switch to one column there. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}
