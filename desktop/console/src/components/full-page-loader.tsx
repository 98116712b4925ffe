import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner while the app finds out who is signed in. */
export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          Loading Muster…
        </Text>
      </Stack>
    </Center>
  );
}
