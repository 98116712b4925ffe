import { useSyncExternalStore } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

/**
 * A centred spinner while the app finds out who is signed in. Offline (the phone app opened from its cached
 * shell with no network) the queries wait for the network, so it says that instead; they resume by themselves.
 */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(subscribe, isOnline);
  if (!online) {
    return (
      <Center h="100vh" p="md">
        <Stack align="center" gap="xs" maw={420} ta="center">
          <ThemeIcon size={48} radius="md" variant="light" color="gray">
            <IconWifiOff size={28} />
          </ThemeIcon>
          <Title order={3}>{t('states.offlineTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('states.offlineText')}
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
          {t('states.loadingMuster')}
        </Text>
      </Stack>
    </Center>
  );
}
