import { ActionIcon, Code, CopyButton, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

/** The agent endpoint as this browser reaches Muster (the address assistants use too). */
export function mcpEndpoint(): string {
  return `${window.location.origin}/api/mcp`;
}

/** Whether assistants can sign in with OAuth at this address (HTTPS, or this PC's own loopback address). */
export function oauthPossibleHere(): boolean {
  const { protocol, hostname } = window.location;
  return protocol === 'https:' || hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('employee');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('connectedApps.copy.copied') : t('connectedApps.copy.copy')}>
          <ActionIcon variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Snippet({ text, label }: { text: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {text}
      </Code>
      <CopyValue value={text} label={label} />
    </Group>
  );
}

/** How to point an assistant at Muster with a key: Claude Desktop, the MCP inspector, the SDK script. */
export function KeyInstructions({ keyValue }: { keyValue: string }) {
  const { t } = useTranslation('employee');
  const url = mcpEndpoint();
  const claude = JSON.stringify(
    { mcpServers: { muster: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${MUSTER_AUTH}'], env: { MUSTER_AUTH: `Bearer ${keyValue}` } } } },
    null,
    2,
  );
  const inspector = `npx @modelcontextprotocol/inspector --cli ${url} --transport http --header "Authorization: Bearer ${keyValue}" --method tools/list`;
  const script = `MUSTER_URL=${window.location.origin} MUSTER_KEY=${keyValue} npx tsx scripts/mcp-client-example.ts`;
  return (
    <Tabs defaultValue="claude" variant="outline">
      <Tabs.List>
        <Tabs.Tab value="claude">{t('connectedApps.instructions.claude')}</Tabs.Tab>
        <Tabs.Tab value="inspector">{t('connectedApps.instructions.inspector')}</Tabs.Tab>
        <Tabs.Tab value="script">{t('connectedApps.instructions.script')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="claude" pt="xs">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            <Trans t={t} i18nKey="connectedApps.instructions.claudeHow" components={{ code: <Code /> }} />
          </Text>
          <Snippet text={claude} label={t('connectedApps.instructions.copyClaude')} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="inspector" pt="xs">
        <Snippet text={inspector} label={t('connectedApps.instructions.copyInspector')} />
      </Tabs.Panel>
      <Tabs.Panel value="script" pt="xs">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('connectedApps.instructions.scriptHow')}
          </Text>
          <Snippet text={script} label={t('connectedApps.instructions.copyScript')} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
