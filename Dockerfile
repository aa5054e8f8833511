# The bot's image, for docker-compose.yml (several bot processes on one PostgreSQL).
FROM python:3.11-slim
WORKDIR /app
COPY requirements.txt .
RUN python -m pip install --no-cache-dir -r requirements.txt
COPY . .
# the settings come from the environment (docker-compose.yml, .env): see .env.example
CMD ["python", "bot.py"]
