import '@mantine/core/styles.css';
import { MantineProvider, Title, Text, Container } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <Container py="xl">
      <Title>Arbor</Title>
      <Text>公共知识领域评审站</Text>
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="auto">
      <App />
    </MantineProvider>
  </StrictMode>,
);
