import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type CameraProblem = 'denied' | 'none' | 'failed';

/** Why the camera could not start, from getUserMedia's error name. */
export function cameraProblem(err: unknown): CameraProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera')
    return 'none';
  return 'failed';
}

/**
 * Reads a customer's QR code with the phone's camera (the rear one when there is one). The
 * decoder (`qr`) runs in the page, offline; it loads only when the scanner opens. The first code
 * read is handed to `onCode` and the camera is released at once; closing releases it too.
 */
export function QrScanModal({
  opened,
  onCode,
  onClose,
}: {
  opened: boolean;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!opened || !video) return;
    let cancelled = false;
    let stopLoop: (() => void) | undefined;
    let stopCamera: (() => void) | undefined;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw Object.assign(new Error('no camera'), { name: 'NoCamera' });
        const { QRCanvas, frameLoop, rearCamera } = await import('qr/dom.js');
        const camera = await rearCamera(video);
        stopCamera = () => camera.stop();
        if (cancelled) return stopCamera();
        setRunning(true);
        const canvas = new QRCanvas();
        let reading = false;
        stopLoop = frameLoop(() => {
          if (reading || cancelled) return;
          reading = true;
          camera
            .readFrame(canvas)
            .then((res) => {
              reading = false;
              if (cancelled || typeof res !== 'string' || !res.trim()) return;
              cancelled = true;
              stopLoop?.();
              stopCamera?.();
              onCode(res.trim());
            })
            .catch(() => {
              reading = false;
            });
        }, video);
      } catch (err) {
        if (!cancelled) setProblem(cameraProblem(err));
      }
    })();
    return () => {
      cancelled = true;
      stopLoop?.();
      stopCamera?.();
      setRunning(false);
      setProblem(null);
    };
  }, [opened, video, onCode]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('redeem.scan.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" role="alert" data-testid="scan-problem">
            {t(`redeem.scan.problem.${problem}`)}
          </Alert>
        ) : (
          <Text size="sm" role="status">
            {t(running ? 'redeem.scan.aim' : 'redeem.scan.starting')}
          </Text>
        )}
        <video
          ref={setVideo}
          muted
          playsInline
          aria-label={t('redeem.scan.video')}
          data-testid="scan-video"
          style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} className="vp-touch">
            {t('redeem.scan.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
