import { useSyncExternalStore } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

/**
 * A centred spinner while the app finds out who is signed in. Offline (the phone app opened from its cached
 * shell with no network) the queries wait for the network, so it says that instead; they resume by themselves.
 */
export function FullPageLoader() {
  const online = useSyncExternalStore(subscribe, isOnline);
  if (!online) {
    return (
      <Center h="100vh" p="md">
        <Stack align="center" gap="xs" maw={420} ta="center">
          <ThemeIcon size={48} radius="md" variant="light" color="gray">
            <IconWifiOff size={28} />
          </ThemeIcon>
          <Title order={3}>You are offline</Title>
          <Text c="dimmed" size="sm">
            Muster runs on your office's PC and cannot be reached right now. It carries on by itself when this device is back on the office network.
          </Text>
        </Stack>
      </Center>
    );
  }
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
